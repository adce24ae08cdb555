import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { stubApi, type StubAnswer } from '../../../test/stub-api';
import { AddDeviceModal } from './add-device-modal';

function typePin(digits: string) {
  for (const key of digits) fireEvent.keyDown(document.body, { key });
}

function renderModal(reply: StubAnswer) {
  const api = stubApi({ 'POST /api/v1/a/cashier/devices/register': reply });
  const onClose = vi.fn();
  const result = renderWithProviders(<AddDeviceModal onClose={onClose} />);
  return { ...result, api, onClose };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AddDeviceModal', () => {
  it('takes at most 5 digits, from the keyboard or the numpad', () => {
    renderModal({ body: { id: 1 } });
    typePin('123456');
    expect(screen.getByLabelText('PIN').textContent).toBe('12345');
    fireEvent.keyDown(document.body, { key: 'Backspace' });
    fireEvent.click(screen.getByRole('button', { name: '9' }));
    expect(screen.getByLabelText('PIN').textContent).toBe('12349');
  });

  it('shows the new id on success, with the device added toast', async () => {
    const { api, store, onClose } = renderModal({ body: { id: 42 } });
    // Focus starts on the PIN, not on a button, so Enter submits rather than closing the modal.
    expect(document.activeElement).toBe(screen.getByLabelText('PIN'));
    typePin('12345');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Enter' });
    expect(await screen.findByText('Device ID: 42')).toBeTruthy();
    const body = api.calls[0]?.body as { pin: string; trx: string };
    expect(body.pin).toBe('12345');
    expect(body.trx).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(store.getState().toasts.queue[0]?.key).toBe('devices:add.added');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says the device cannot be linked on "error linking the device"', async () => {
    renderModal({ status: 422, body: { err: 'error linking the device' } });
    typePin('11111');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The device cannot be linked, please contact technical support.',
    );
  });

  it('shows the PIN error and toasts the catalogue text of other errors; OK retries', async () => {
    const { store } = renderModal({ status: 422, body: { err: 'wrong pin' } });
    typePin('22222');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error adding the device. Check the PIN code is correct',
    );
    // The catalogue's sentence in the screen's language, never the server's own words.
    expect(store.getState().toasts.queue[0]?.key).toBe('errors:wrongPin');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('PIN').textContent).toBe('');
  });

  it('says only the wait when the PIN tries are held (429), not to check the PIN', async () => {
    renderModal({ status: 429, body: { err: 'too many attempts', retry_after: 120 } });
    typePin('44444');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts, try again in 120 s');
  });

  it('shows the forbidden toast and the error state on Forbidden', async () => {
    const { store } = renderModal({ status: 403, body: { err: 'Forbidden' } });
    typePin('3');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error adding the device. Check the PIN code is correct',
    );
    expect(store.getState().toasts.queue[0]?.key).toBe('errors:forbidden');
  });
});
