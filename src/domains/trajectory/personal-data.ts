import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { PersonalDataSection } from '../accounts/personal-data.ts';
import * as repo from './repo.ts';
import type { TrajectoryService } from './service.ts';

/** Check-ins, notes and associations included; erasure also takes the person out of the pulse rollups. */
export function checkinsSection(trajectory: TrajectoryService): PersonalDataSection {
  return {
    exportKey: 'checkins',
    exportRows: (userId) => trajectory.allCheckins(userId),
    async erase(tx, userId) {
      await repo.erasePerson(tx, userId);
      return undefined;
    },
  };
}

const CSV_COLUMNS = [
  'id',
  'at',
  'createdAt',
  'moodId',
  'family',
  'valence',
  'arousal',
  'dominance',
  'intensity',
  'kind',
  'associations',
  'note',
] as const;

/**
 * A person's check-ins as CSV, oldest first: a header row, one row per check-in, quoted by
 * csv-stringify (RFC 4180). Associations are joined with `;`. A cell that a spreadsheet would run
 * as a formula (starting with =, +, -, @, tab or CR) is prefixed with `'`, so opening one's own
 * export never executes anything. Streams: rows are read a page at a time.
 */
export function checkinsCsv(trajectory: TrajectoryService, userId: string): Readable {
  async function* rows() {
    for await (const c of trajectory.allCheckins(userId)) {
      yield [
        c.id,
        c.at,
        c.createdAt,
        c.moodId,
        c.family,
        c.valence,
        c.arousal,
        c.dominance,
        c.intensity,
        c.kind,
        c.associations.join(';'),
        c.note ?? '',
      ];
    }
  }
  const csv = stringify({
    header: true,
    columns: [...CSV_COLUMNS],
    escape_formulas: true,
    record_delimiter: 'windows',
  });
  const source = Readable.from(rows());
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
