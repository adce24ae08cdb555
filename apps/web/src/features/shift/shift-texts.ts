// The English texts of the shift's deferred parts (the Open shift screen, the close, the reports, the
// till): each part calls addShiftTexts() as its module loads, before its first render, so they come with
// the parts' chunks; the navigation's two entries stay in the signed-in chunk (i18n/part-resources.ts).
import i18n from '../../i18n/i18n';
import shiftParts from '../../i18n/locales/en/shift-parts.json';
import { addPartTexts } from '../../i18n/part-resources';

/** Merges the parts' English texts into namespace shift (a second call changes nothing). */
export function addShiftTexts(): void {
  addPartTexts(i18n, 'shift', shiftParts);
}
