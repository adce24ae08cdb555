// Reads a QR code from the camera's picture: the browser's own BarcodeDetector where it has one that reads
// QR codes (Chromium on Android, macOS and ChromeOS), else the `qr` package's decoder (paulmillr/qr: no
// dependencies, about 9 KB gzip for decoding), fetched on first use as a chunk of its own, so neither the
// devices screen nor the player card carries it until a cashier scans. Only the scanner
// (components/qr-scanner.tsx, itself a chunk of its own) uses this module.

/** The text of the QR code in the video's current picture, or null when none is read in it. */
export type FrameDecoder = (video: HTMLVideoElement) => Promise<string | null>;

/** The picture is scaled down to this many pixels on its longer side: enough for a card held to the lens. */
const MAX_SIDE_PX = 800;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's BarcodeDetector when it reads QR codes (it may exist and support none, as on Linux). */
async function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (typeof Detector !== 'function') return null;
  try {
    const formats = await Detector.getSupportedFormats();
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** An RGBA picture, as a canvas gives it. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** The decoder of the `qr` package, loaded once. */
let packageDecoder: Promise<(image: RgbaImage) => string | null> | undefined;

/** The text of the QR code in `image` read by the `qr` package, or null when it finds none. */
export function decodeWithPackage(): Promise<(image: RgbaImage) => string | null> {
  packageDecoder ??= import('qr/decode.js').then(({ default: decodeQR }) => (image: RgbaImage) => {
    try {
      return decodeQR(image);
    } catch {
      // No code in this picture (or one it cannot read yet: blurred, turned): the next picture may do.
      return null;
    }
  });
  return packageDecoder;
}

/** The decoder the scanner uses on this browser. */
export async function frameDecoder(): Promise<FrameDecoder> {
  const native = await nativeDetector();
  if (native) {
    return async (video) => {
      try {
        const [code] = await native.detect(video);
        return code?.rawValue ?? null;
      } catch {
        return null;
      }
    };
  }
  const decode = await decodeWithPackage();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const { videoWidth, videoHeight } = video;
    if (!context || videoWidth === 0 || videoHeight === 0) return null;
    const scale = Math.min(1, MAX_SIDE_PX / Math.max(videoWidth, videoHeight));
    const width = Math.round(videoWidth * scale);
    const height = Math.round(videoHeight * scale);
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    return decode(context.getImageData(0, 0, width, height));
  };
}
