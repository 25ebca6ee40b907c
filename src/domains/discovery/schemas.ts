import { Type } from 'typebox';
import { Cursor, IsoTime, Limit, Strict } from '../../http/schemas.ts';

export const CardSchema = Type.Object({
  id: Type.String(),
  kind: Type.Union([
    Type.Literal('pulse'),
    Type.Literal('mood'),
    Type.Literal('signal'),
    Type.Literal('object'),
  ]),
  title: Type.String(),
  body: Type.String(),
  moodId: Type.String(),
  family: Type.String(),
  color: Type.String({ description: 'A #RRGGBB colour from the Atlas.' }),
  link: Type.Union([Type.String(), Type.Null()]),
  createdAt: IsoTime,
});

export const DiscoveryFeed = Type.Object({
  cards: Type.Array(CardSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const DiscoveryQuery = Strict({ limit: Type.Optional(Limit), cursor: Type.Optional(Cursor) });

export const EmbedQuery = Strict({
  theme: Type.Optional(Type.Union([Type.Literal('light'), Type.Literal('dark')], { default: 'light' })),
  limit: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 6, default: 3, description: 'Cards under the pulse.' }),
  ),
});
