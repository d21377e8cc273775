import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../csv.ts';

describe('csv', () => {
  it('prefixes what a spreadsheet would run as a formula with an apostrophe', () => {
    expect(['=SUM(A1)', '+1', '-x', '@cmd', '\tlead', '\rlead'].map(csvCell)).toEqual(["'=SUM(A1)", "'+1", "'-x", "'@cmd", "'\tlead", `"'\rlead"`]);
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
  });

  it('leaves plain numbers, negative ones included, as numbers', () => {
    expect([csvCell('-12.50'), csvCell(-3), csvCell('150.00'), csvCell(0)]).toEqual(['-12.50', '-3', '150.00', '0']);
    expect(csvCell('-1e3')).toBe("'-1e3");
  });

  it('quotes commas, quotes and line breaks, and writes an empty cell for none', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', null]])).toBe('"a,b","say ""hi""","two\nlines",\r\n');
  });
});
