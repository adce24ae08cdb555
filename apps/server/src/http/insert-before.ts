// Text put into the built page before one of its tags, for the pages the server fills in: the preloads
// (http/first-screen-preloads.ts) and a signed-in screen's first answers (http/first-screen-data.ts,
// through app.ts).

/**
 * `page` with `text` inserted, exactly as it is, before the first `marker` (`</head>`, `</body>`); `page`
 * unchanged when it has none. By index, never String.prototype.replace with a string: that reads `$&`,
 * `` $` ``, `$'` and `$$` in the replacement as patterns, so a venue's own text in it (a device named
 * `` $` ``) copied parts of the page into the data block, and every cashier's page showed raw JSON.
 */
export function insertBefore(page: string, marker: string, text: string): string {
  const at = page.indexOf(marker);
  return at === -1 ? page : page.slice(0, at) + text + page.slice(at);
}
