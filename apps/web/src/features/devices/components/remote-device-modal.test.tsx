import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { stubApi, type StubAnswer } from '../../../test/stub-api';
import { RemoteDeviceModal } from './remote-device-modal';

function typePin(digits: string) {
  for (const key of digits) fireEvent.keyDown(document.body, { key });
}

function renderModal(reply: StubAnswer) {
  const api = stubApi({ 'POST /api/v1/a/cashier/devices/remote/register': reply });
  const props = { onClose: vi.fn(), onConnected: vi.fn(), onReset: vi.fn() };
  const result = renderWithProviders(<RemoteDeviceModal {...props} />);
  return { ...result, api, ...props };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RemoteDeviceModal', () => {
  it('takes at most 6 digits', () => {
    renderModal({ body: { id: 1 } });
    typePin('12345678');
    expect(screen.getByLabelText('PIN').textContent).toBe('123456');
  });

  it('opens the device with its PIN on activate', async () => {
    const { onConnected, api } = renderModal({ body: { id: 77 } });
    typePin('654321');
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(onConnected).toHaveBeenCalledWith({ deviceId: 77, pin: '654321' }));
    expect((api.calls[0]?.body as { pin: string }).pin).toBe('654321');
  });

  it('shows the PIN error on a refusal', async () => {
    const { store, onConnected } = renderModal({ status: 422, body: { err: 'wrong pin' } });
    typePin('111111');
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('Error showing the device, check the PIN');
    // The catalogue's sentence in the screen's language, never the server's own words.
    expect(store.getState().toasts.queue[0]?.key).toBe('errors:wrongPin');
    expect(onConnected).not.toHaveBeenCalled();
  });

  it('says only the wait when the PIN tries are held (429), in the message as in the toast', async () => {
    const { store } = renderModal({ status: 429, body: { err: 'too many attempts', retry_after: 42 } });
    typePin('111111');
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts, try again in 42 s');
    expect(store.getState().toasts.queue[0]).toMatchObject({
      key: 'errors:tooManyAttempts',
      params: { seconds: 42 },
    });
  });

  it('toasts another cashier and resets the view on a 406', async () => {
    const { store, onReset } = renderModal({ status: 406, body: { err: 'pin changed' } });
    typePin('111111');
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await waitFor(() => expect(onReset).toHaveBeenCalled());
    expect(store.getState().toasts.queue[0]?.key).toBe('errors:anotherCashier');
  });
});
