// Wraps the cashier's screens when the venue uses shifts (the float's `shifts` flag): without an open
// shift only the Open shift screen shows; the Close shift entry of the navigation starts the blind close,
// and the Z-report stays up over the Open shift screen that follows; the Till entry opens the till (drops,
// paid-ins and paid-outs, the X-report, the copy of the last receipt). A venue without shifts sees nothing
// of this. A cash call refused 403 `no open shift` asks for the shift again (api/base-api.ts), so the
// cashier lands here.
import type { ZReport } from '@cashdesk/contract';
import { useEffect, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { deferredPart } from '../../components/ui/deferred-part';
import { PageLoading } from '../../components/ui/page-loading';
import { usePolledFloat } from '../float';
import { useCurrentShiftQuery } from './api/shift-api';
import type * as Close from './close-shift-modal';
import type * as Open from './open-shift-page';
import { ShiftContext } from './shift-context';
import type * as Till from './till-modal';
import type * as Report from './z-report';

// The Open shift screen, the blind close and its Z-report, chunks of their own: the devices screen's first
// paint needs neither while a shift is open; the gate fetches them as soon as it knows the venue uses
// shifts, so they are in by the time they show.
const OpenShiftPage = /* @__PURE__ */ deferredPart<ComponentProps<typeof Open.OpenShiftPage>>(() =>
  import('./open-shift-page').then((module) => module.OpenShiftPage),
);
const ZReportModal = /* @__PURE__ */ deferredPart<ComponentProps<typeof Report.ZReportModal>>(() =>
  import('./z-report').then((module) => module.ZReportModal),
);
const CloseShiftModal = /* @__PURE__ */ deferredPart<ComponentProps<typeof Close.CloseShiftModal>>(() =>
  import('./close-shift-modal').then((module) => module.CloseShiftModal),
);
const TillModal = /* @__PURE__ */ deferredPart<ComponentProps<typeof Till.TillModal>>(() =>
  import('./till-modal').then((module) => module.TillModal),
);

export function ShiftGate({ children }: { children: ReactNode }) {
  const float = usePolledFloat();
  const usesShifts = float?.shifts === true;
  const shift = useCurrentShiftQuery(undefined, { skip: !usesShifts });
  const [closing, setClosing] = useState(false);
  const [till, setTill] = useState(false);
  const [report, setReport] = useState<ZReport | null>(null);
  const actions = useMemo(
    () => ({ usesShifts, startClose: () => setClosing(true), openTill: () => setTill(true) }),
    [usesShifts],
  );
  const currency = float?.currency;
  useEffect(() => {
    if (!usesShifts) return;
    void OpenShiftPage.preload();
    void CloseShiftModal.preload();
    void ZReportModal.preload();
    void TillModal.preload();
  }, [usesShifts]);

  // Until the float says the venue uses shifts the screens load as they always did (a venue without
  // shifts waits for nothing more); once it does, nothing shows before the shift is known.
  if (usesShifts && shift.isLoading) return <PageLoading />;
  // When the shift cannot be read the screens still open: the server refuses cash calls without one.
  const needsOpen = usesShifts && shift.isSuccess && shift.data === null;
  return (
    <ShiftContext.Provider value={actions}>
      {needsOpen ? <OpenShiftPage currency={currency} /> : children}
      {closing && !needsOpen && (
        <CloseShiftModal
          currency={currency}
          onCancel={() => setClosing(false)}
          onClosed={(closed) => {
            setClosing(false);
            setReport(closed);
          }}
        />
      )}
      {till && shift.data && (
        <TillModal shiftId={shift.data.id} currency={currency} onClose={() => setTill(false)} />
      )}
      {report && <ZReportModal report={report} onClose={() => setReport(null)} />}
    </ShiftContext.Provider>
  );
}
