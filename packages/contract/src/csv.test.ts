import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvLines, defuseFormula, toCsv, UTF8_BOM } from './csv.js';

const body = (text: string) => {
  expect(text.startsWith(UTF8_BOM)).toBe(true);
  return text.slice(UTF8_BOM.length);
};

/** The characters CSV and formulas care about, and a few that they do not. */
const CSV_CHARS = fc.constantFrom(',', '"', '\n', '\r', '=', '+', '-', '@', '\t', "'", ' ', 'a', 'é', '€');

describe('toCsv', () => {
  it('writes a BOM, the header and one line per row, each ending in a line feed', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x', 1],
          ['y', 2],
        ],
      ),
    ).toBe(`${UTF8_BOM}a,b\nx,1\ny,2\n`);
    expect(body(toCsv(['only'], []))).toBe('only\n');
  });

  it('writes money exactly from integer cents, with a dot and two decimals', () => {
    const cells = [{ cents: 1_234_56 }, { cents: -5 }, { cents: 0 }, { cents: 9_007_199_254_740_991 }];
    expect(body(toCsv(['m1', 'm2', 'm3', 'm4'], [cells])).split('\n')[1]).toBe(
      '1234.56,-0.05,0.00,90071992547409.91',
    );
    expect(() => toCsv(['m'], [[{ cents: 0.1 + 0.2 }]])).toThrow(RangeError);
    expect(() => toCsv(['n'], [[1.5]])).toThrow(RangeError);
  });

  it('defuses text a spreadsheet would run as a formula, but leaves numbers as numbers', () => {
    const formulas = ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx'];
    expect(formulas.map(defuseFormula)).toEqual(["'=1+1", "'+1", "'-2", "'@SUM(A1)", "'\tx", "'\rx"]);
    expect(defuseFormula('Rocket = fun')).toBe('Rocket = fun');
    const line = body(toCsv(['t', 'n', 'm'], [['=HYPERLINK("http://x")', -3, { cents: -4_00 }]])).split(
      '\n',
    )[1];
    expect(line).toBe(`"'=HYPERLINK(""http://x"")",-3,-4.00`);
  });

  it('quotes a field with a comma, a quote or a line break and doubles its quotes', () => {
    const text = body(toCsv(['h'], [['a,b'], ['say "hi"'], ['two\nlines'], ['plain'], ['']]));
    expect(text).toBe('h\n"a,b"\n"say ""hi"""\n"two\nlines"\nplain\n\n');
    // A cell starting with CR is defused and then quoted: it holds a line break.
    expect(body(toCsv(['h'], [['\r=1']]))).toBe(`h\n"'\r=1"\n`);
  });

  it('reads back, as a spreadsheet parses it, to the same cells, none of them a formula', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: CSV_CHARS, maxLength: 8 }), { minLength: 3, maxLength: 3 }), {
          maxLength: 6,
        }),
        fc.array(fc.integer({ min: -1e12, max: 1e12 }), { minLength: 1, maxLength: 5 }),
        (texts, cents) => {
          const rows = texts.map((cells, i) => [...cells, { cents: cents[i % cents.length]! }]);
          const parsed = parseCsv(body(toCsv(['a', 'b', 'c', 'm'], rows)));
          // Money reads back as the exact number of cents, written -?units.cc.
          const expected = rows.map((cells) => [
            ...cells.slice(0, 3).map(String).map(defuseFormula),
            cells[3],
          ]);
          const read = parsed
            .slice(1)
            .map((cells) => [
              ...cells.slice(0, 3),
              /^-?\d+\.\d\d$/.test(cells[3] ?? '') ? { cents: Math.round(Number(cells[3]) * 100) } : cells[3],
            ]);
          expect(read).toEqual(expected);
          expect(read.flat().some((cell) => typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell))).toBe(
            false,
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('csvLines', () => {
  it("writes the server's files: no BOM, an empty row as a blank line, each line ending in a line feed", () => {
    const rows = [['venue', 'Bar = 1'], [], ['device', 'net', 'count'], ['7 Rocket', { cents: -12_50 }, 3]];
    expect(csvLines(rows)).toBe('venue,Bar = 1\n\ndevice,net,count\n7 Rocket,-12.50,3\n');
    expect(csvLines([])).toBe('');
  });

  it('defuses and quotes each text cell as the browser file does, an empty one left empty', () => {
    expect(csvLines([['-x', '@y', 'a\rb', '', 'a,b']])).toBe(`'-x,'@y,"a\rb",,"a,b"\n`);
    const rows = [['=1', 'say "hi"', { cents: 5 }]];
    expect(toCsv(['h1', 'h2', 'h3'], rows)).toBe(`${UTF8_BOM}h1,h2,h3\n${csvLines(rows)}`);
  });
});

/** RFC 4180 as spreadsheet programs read it: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      endField();
    } else if (!quoted && char === '\n') {
      endField();
      rows.push(row);
      row = [];
    } else {
      field += char;
    }
  }
  return rows;
}
