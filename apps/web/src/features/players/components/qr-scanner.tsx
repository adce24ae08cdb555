// The camera, reading a card's QR code: the picture of the device's camera (the back one where there are
// two), a few pictures a second handed to the decoder (lib/qr-decoder.ts) until one holds a card. A chunk
// of its own, loaded when the cashier presses Scan QR code: the camera and decoder code never weigh on
// the devices screen (e2e/web-budget.e2e.test.ts). The camera is released as soon as the scanner goes.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardOf } from '../lib/card-number';
import { frameDecoder } from '../lib/qr-decoder';

export interface QrScannerProps {
  /** A card was read; the scanner stops. */
  onCard(card: string): void;
  onStop(): void;
}

type ScanState = 'starting' | 'looking' | 'notACard' | 'denied' | 'none';

/** Pictures tried per second, at most: each decode takes a few ms on a till, and a card is held for seconds. */
const SCAN_INTERVAL_MS = 150;

export function QrScanner({ onCard, onStop }: QrScannerProps) {
  const { t } = useTranslation('players');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScanState>('starting');
  const onCardRef = useRef(onCard);
  useEffect(() => {
    onCardRef.current = onCard;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;

    async function start() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setState(noCamera(error) ? 'none' : 'denied');
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) return;
      video.srcObject = stream;
      // Muted and inline, a video may play without a gesture; the picture is read from it either way.
      await video.play().catch(() => undefined);
      const decode = await frameDecoder();
      if (stopped) return;
      setState('looking');
      const scan = async () => {
        if (stopped) return;
        const text = await decode(video);
        if (stopped) return;
        if (text !== null) {
          const card = cardOf(text);
          if (card !== null) {
            onCardRef.current(card);
            return;
          }
          // Another QR code (a web address on a flyer): said, and the camera keeps looking.
          setState('notACard');
        }
        timer = window.setTimeout(() => void scan(), SCAN_INTERVAL_MS);
      };
      void scan();
    }

    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  const failed = state === 'denied' || state === 'none';
  return (
    <div className="player-scanner">
      {!failed && (
        <video
          ref={videoRef}
          className="player-scanner__video"
          muted
          playsInline
          aria-label={t('scanner.label')}
        />
      )}
      <p className="player-scanner__status" role={failed || state === 'notACard' ? 'alert' : 'status'}>
        {t(`scanner.${state}`)}
      </p>
      <button type="button" onClick={onStop}>
        {t('scanner.stop')}
      </button>
    </div>
  );
}

/** The browser found no camera (as opposed to the cashier or a policy refusing it). */
function noCamera(error: unknown): boolean {
  const name = error instanceof DOMException ? error.name : '';
  return name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError';
}
