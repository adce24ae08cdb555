// The QR reading the till relies on: the `qr` package reads a card's code from a picture as a camera
// gives it (RGBA, the code small in a larger frame), and a browser's own BarcodeDetector is used where it
// reads QR codes, and passed over where it exists without them (Chromium on Linux).
import encodeQR from 'qr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeWithPackage, frameDecoder, type RgbaImage } from './qr-decoder';

/** A white picture of `width` x `height` with the QR code of `text` drawn at (left, top), `scale` px a module. */
function pictureOf(
  text: string,
  { width = 320, height = 240, left = 40, top = 30, scale = 4 } = {},
): RgbaImage {
  const modules = encodeQR(text, 'raw', { border: 2 });
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const at = ((top + y * scale + dy) * width + left + x * scale + dx) * 4;
          data[at] = data[at + 1] = data[at + 2] = 0;
        }
      }
    }),
  );
  return { width, height, data };
}

afterEach(() => vi.unstubAllGlobals());

describe('the QR decoder package', () => {
  it("reads a card's number from a camera-sized picture", async () => {
    const decode = await decodeWithPackage();
    expect(decode(pictureOf('A-1234'))).toBe('A-1234');
    expect(decode(pictureOf('CARD:000042', { left: 150, top: 90 }))).toBe('CARD:000042');
  });

  it('reads nothing from a picture without a code', async () => {
    const decode = await decodeWithPackage();
    expect(decode({ width: 64, height: 64, data: new Uint8ClampedArray(64 * 64 * 4).fill(255) })).toBeNull();
  });
});

describe("the browser's own detector", () => {
  const video = { videoWidth: 640, videoHeight: 480 } as HTMLVideoElement;

  it('is used where it reads QR codes', async () => {
    const detect = vi.fn(async () => [{ rawValue: 'A-1234' }]);
    vi.stubGlobal(
      'BarcodeDetector',
      Object.assign(
        vi.fn(function () {
          return { detect };
        }),
        { getSupportedFormats: async () => ['ean_13', 'qr_code'] },
      ),
    );
    const decode = await frameDecoder();
    expect(await decode(video)).toBe('A-1234');
    expect(detect).toHaveBeenCalledWith(video);
  });

  it('is passed over where it reads no QR code, for the package', async () => {
    const made = vi.fn();
    vi.stubGlobal('BarcodeDetector', Object.assign(made, { getSupportedFormats: async () => [] }));
    const decode = await frameDecoder();
    expect(made).not.toHaveBeenCalled();
    // jsdom draws no picture: the package's path reads nothing, and says so without failing.
    expect(await decode({ videoWidth: 0, videoHeight: 0 } as HTMLVideoElement)).toBeNull();
  });
});
