// The foot of a player form: while it sends, a status line; then Back (or Cancel), any other step, and
// the submit button, all off until the answer comes.
import type { ReactNode } from 'react';

export function FormActions({
  busy,
  sending,
  back,
  onBack,
  submit,
  children,
}: {
  busy: boolean;
  /** Read out while the form sends; none where the form tells nothing meanwhile. */
  sending?: string;
  back: string;
  onBack: () => void;
  submit: string;
  /** Steps between Back and the submit button. */
  children?: ReactNode;
}) {
  return (
    <>
      {busy && sending !== undefined && (
        <p className="player-form__status" role="status">
          {sending}
        </p>
      )}
      <div className="player-form__actions">
        <button type="button" onClick={onBack} disabled={busy}>
          {back}
        </button>
        {children}
        <button type="submit" className="button--primary" disabled={busy}>
          {submit}
        </button>
      </div>
    </>
  );
}

/** The one step left once a form is done: back, focused so Enter takes it. */
export function DoneActions({ back, onBack }: { back: string; onBack: () => void }) {
  return (
    <div className="player-form__actions">
      <button type="button" className="button--primary" onClick={onBack} data-autofocus>
        {back}
      </button>
    </div>
  );
}
