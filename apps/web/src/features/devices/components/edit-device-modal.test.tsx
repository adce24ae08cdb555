import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { makeDevice } from '../../../test/fixtures';
import { stubApi } from '../../../test/stub-api';
import { EditDeviceModal } from './edit-device-modal';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EditDeviceModal', () => {
  const device = makeDevice({ id: 5, name: 'Rocket Game at the bar counter', game_id: 100 });

  it('shows the id, the uuid as 32 hex characters and the game id', () => {
    stubApi({});
    renderWithProviders(<EditDeviceModal device={device} onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Edit Rocket Game at …' })).toBeTruthy();
    expect(screen.getByText('0123456789abcdeffedcba9876543210')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy UUID' })).toBeTruthy();
    expect(screen.getByText('100')).toBeTruthy();
  });

  it('asks for confirmation before saving, and Back returns to the form with the edits', async () => {
    const { calls } = stubApi({
      'POST /api/v1/a/cashier/devices/5': { body: { ...device, name: 'Bar', hidden: true } },
    });
    const onClose = vi.fn();
    renderWithProviders(<EditDeviceModal device={device} onClose={onClose} />);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Bar ' } });
    const visible = screen.getByRole('switch', { name: 'Visible' }) as HTMLInputElement;
    expect(visible.checked).toBe(true);
    fireEvent.click(visible);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByText('Save these changes to the device?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('  Bar ');
    expect((screen.getByRole('switch', { name: 'Visible' }) as HTMLInputElement).checked).toBe(false);
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ name: 'Bar', hidden: true });
  });

  it('does not save an empty name', () => {
    stubApi({});
    renderWithProviders(<EditDeviceModal device={device} onClose={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } });
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
