import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseCsv, pythonStrings } from '../../eval/csv.ts';

describe('readers of the public research files (unit)', () => {
  test('CSV: quoted fields keep commas, doubled quotes and line breaks; CRLF is one break', () => {
    assert.deepEqual(parseCsv('text,class\r\n"a, b ""c""\nd",suicide\r\nplain,non-suicide\r\n'), [
      ['text', 'class'],
      ['a, b "c"\nd', 'suicide'],
      ['plain', 'non-suicide'],
    ]);
    assert.deepEqual(parseCsv('a,b\n1,'), [
      ['a', 'b'],
      ['1', ''],
    ]);
  });

  test('a Python list literal gives its strings, escapes resolved, either quote', () => {
    assert.deepEqual(pythonStrings(`['I can\\'t sleep, again', "it's 3am", 'line\\nbreak']`), [
      "I can't sleep, again",
      "it's 3am",
      'line\nbreak',
    ]);
    assert.deepEqual(pythonStrings('no list here'), ['no list here']);
  });
});
