import { Type } from 'typebox';
import { Cursor, IsoTime, Limit, Strict } from '../../http/schemas.ts';
import { MULTILINE } from '../../http/validation.ts';

export const CONTENT_MAX = 4000;
export const TAGS_MAX = 10;
export const TAG_MAX = 32;

const Tag = Type.String({
  minLength: 1,
  maxLength: TAG_MAX,
  // No control characters: a tag is a label, compared exactly (case and spaces included).
  pattern: '^[^\\u0000-\\u001f\\u007f]+$',
  description: `A label, 1..${TAG_MAX} characters, matched exactly by the tag filter.`,
});

export const CreateMemoryBody = Strict({
  content: Type.String({
    [MULTILINE]: true,
    minLength: 1,
    maxLength: CONTENT_MAX,
    description: `What to remember (1..${CONTENT_MAX} characters, not only whitespace).`,
  }),
  tags: Type.Optional(
    Type.Array(Tag, {
      maxItems: TAGS_MAX,
      uniqueItems: true,
      description: `Up to ${TAGS_MAX} distinct tags.`,
    }),
  ),
});

export const MemoryQuery = Strict({
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'Full-text search: words (all must match), "a phrase", `or` between alternatives, -excluded.',
    }),
  ),
  tag: Type.Optional(
    Type.String({ minLength: 1, maxLength: TAG_MAX, description: 'Only memories with this exact tag.' }),
  ),
  limit: Type.Optional(Limit),
  cursor: Type.Optional(Cursor),
});

export const MemorySchema = Type.Object({
  id: Type.String(),
  content: Type.String(),
  tags: Type.Array(Type.String()),
  createdAt: IsoTime,
});

export const OwnedMemorySchema = Type.Object({
  id: Type.String(),
  keyId: Type.String(),
  content: Type.String(),
  tags: Type.Array(Type.String()),
  createdAt: IsoTime,
});

export const MemoryCreated = Type.Object({ memory: MemorySchema });

export const MemoryPage = Type.Object({
  memories: Type.Array(MemorySchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const OwnedMemoryPage = Type.Object({
  memories: Type.Array(OwnedMemorySchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
