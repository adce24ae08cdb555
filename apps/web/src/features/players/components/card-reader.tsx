// Reading a card: its number typed (always), or its QR code scanned with the device's camera where there
// is one. The camera and the decoder are a chunk of their own (qr-scanner.tsx), loaded on Scan QR code.
import { useState, type ComponentProps, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredPart } from '../../../components/ui/deferred-part';
import { TextField } from '../../../components/ui/form-field';
import { cameraAvailable } from '../lib/camera';
import { cardOf } from '../lib/card-number';
import type * as Scanner from './qr-scanner';

const QrScanner = deferredPart<ComponentProps<typeof Scanner.QrScanner>>(() =>
  import('./qr-scanner').then((module) => module.QrScanner),
);

export function CardReader({ onCard }: { onCard(card: string): void }) {
  const { t } = useTranslation('players');
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [scanning, setScanning] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const card = cardOf(text);
    setInvalid(card === null);
    if (card !== null) onCard(card);
  }

  return (
    <form className="player-reader" onSubmit={submit} noValidate>
      <TextField
        label={t('read.label')}
        value={text}
        onValueChange={(value) => {
          setText(value);
          setInvalid(false);
        }}
        error={invalid ? t('read.invalid') : null}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        data-autofocus
      />
      <p className="player-reader__hint">{t('read.hint')}</p>
      <div className="player-form__actions">
        {cameraAvailable() && !scanning && (
          <button type="button" onClick={() => setScanning(true)}>
            {t('read.scan')}
          </button>
        )}
        <button type="submit" className="button--primary">
          {t('read.submit')}
        </button>
      </div>
      {scanning && (
        <QrScanner
          onCard={(card) => {
            setScanning(false);
            setText(card);
            onCard(card);
          }}
          onStop={() => setScanning(false)}
        />
      )}
    </form>
  );
}
