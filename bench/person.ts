import { ATLAS } from '../src/domains/atlas/catalogue.ts';
import { newId } from '../src/lib/ids.ts';
import type { Storage } from '../src/storage/db.ts';

/**
 * One person with `perDay` check-ins a day over the `days` before now (the shape of a devoted
 * diarist's record), inserted in batches. Returns their user id.
 */
export async function seedPerson(
  storage: Storage,
  days: number,
  perDay: number,
  existingUserId?: string,
): Promise<string> {
  const now = Date.now();
  const userId = existingUserId ?? newId('usr');
  if (existingUserId === undefined)
    await storage.db
      .insertInto('users')
      .values({
        id: userId,
        email: `${userId}@bench.orrery.invalid`,
        password_hash: '!',
        display_name: 'Bench person',
        tier: 'free',
        role: 'member',
        balance_milli: 0,
        created_at: now - (days + 1) * 86_400_000,
      })
      .execute();
  const moods = ATLAS.moods;
  let batch = [];
  for (let day = days; day >= 1; day -= 1) {
    for (let i = 0; i < perDay; i += 1) {
      const at = now - day * 86_400_000 + Math.floor(((i + 0.5) / perDay) * 86_400_000);
      const mood = moods[(day * 7 + i * 13) % moods.length] ?? moods[0];
      if (!mood) throw new Error('empty Atlas');
      batch.push({
        id: newId('chk', at),
        user_id: userId,
        mood_id: mood.id,
        family: mood.family,
        valence: mood.valence,
        arousal: mood.arousal,
        dominance: mood.dominance,
        intensity: 0.5,
        note: i % 3 === 0 ? `A note, "quoted", on day ${day}` : null,
        at,
        created_at: at,
        kind: i === 0 ? 'daily' : 'momentary',
        associations: i % 2 === 0 ? '["work","self-care"]' : '[]',
      });
      if (batch.length >= 1000) {
        await storage.db.insertInto('checkins').values(batch).execute();
        batch = [];
      }
    }
  }
  if (batch.length > 0) await storage.db.insertInto('checkins').values(batch).execute();
  return userId;
}
