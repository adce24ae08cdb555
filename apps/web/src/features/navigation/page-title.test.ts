import { describe, expect, it } from 'vitest';
import { pageSegment, pageTitleKey } from './page-title';

describe('page title from the path (docs/product.md section 2)', () => {
  it.each([
    ['/devices', 'devices'],
    ['/devices/12', 'devices'],
    ['/history', 'history'],
    ['/history/', 'history'],
    ['/', ''],
    ['', ''],
  ])('%j -> segment %j', (path, segment) => {
    expect(pageSegment(path)).toBe(segment);
  });

  it('names the i18n key and a readable fallback', () => {
    expect(pageTitleKey('devices')).toEqual({ key: 'titles.devices', fallback: 'Devices' });
    expect(pageTitleKey('get-client')).toEqual({ key: 'titles.get-client', fallback: 'Get client' });
    expect(pageTitleKey('')).toEqual({ key: 'titles.home', fallback: '' });
  });
});
