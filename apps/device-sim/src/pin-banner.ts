// Renders a pairing PIN the way a cabinet shows it: digits big enough to read across a venue, plus one
// plain `PIN: 12345` line that scripts can grep without parsing the art.

/** Digits drawn 5 rows high and 5 columns wide in plain ASCII, so any terminal and log shows them. */
const FONT: Record<string, readonly string[]> = {
  '0': [' ### ', '#   #', '#   #', '#   #', ' ### '],
  '1': ['  #  ', ' ##  ', '  #  ', '  #  ', ' ### '],
  '2': [' ### ', '#   #', '  ## ', ' #   ', '#####'],
  '3': ['#### ', '    #', ' ### ', '    #', '#### '],
  '4': ['#   #', '#   #', '#####', '    #', '    #'],
  '5': ['#####', '#    ', '#### ', '    #', '#### '],
  '6': [' ### ', '#    ', '#### ', '#   #', ' ### '],
  '7': ['#####', '    #', '   # ', '  #  ', '  #  '],
  '8': [' ### ', '#   #', ' ### ', '#   #', ' ### '],
  '9': [' ### ', '#   #', ' ####', '    #', ' ### '],
};

export const DIGIT_HEIGHT = 5;
export const DIGIT_WIDTH = 5;
const GAP = '   ';

/** The big-digit rows of a string of digits; anything else is a programming error. */
export function bigDigits(digits: string): string[] {
  if (!/^\d+$/.test(digits)) throw new RangeError(`only digits can be drawn, got ${JSON.stringify(digits)}`);
  const glyphs = [...digits].map((d) => FONT[d] as readonly string[]);
  return Array.from({ length: DIGIT_HEIGHT }, (_, row) => glyphs.map((g) => g[row]).join(GAP));
}

export interface PinBannerOptions {
  expiresAt?: string | Date;
  /** What the device is, shown in the frame's title ("Rocket Game, 4 places"). */
  title?: string;
}

/** The whole banner: a framed big PIN, then `PIN: <pin>` and, when known, its expiry. */
export function renderPinBanner(pin: string, options: PinBannerOptions = {}): string {
  const rows = bigDigits(pin);
  const inner = Math.max(rows[0]?.length ?? 0, options.title?.length ?? 0);
  const pad = (text: string) => `#  ${text.padEnd(inner)}  #`;
  // The digits sit in the middle of the frame, however long the title is.
  const indent = ' '.repeat(Math.floor((inner - (rows[0]?.length ?? 0)) / 2));
  const border = '#'.repeat(inner + 6);
  const lines = [border];
  if (options.title) lines.push(pad(options.title), pad(''));
  lines.push(...rows.map((row) => pad(indent + row)), pad(''), border);
  lines.push(`PIN: ${pin}`);
  if (options.expiresAt !== undefined) {
    const at = options.expiresAt instanceof Date ? options.expiresAt.toISOString() : options.expiresAt;
    lines.push(`expires at ${at}`);
  }
  return lines.join('\n');
}
