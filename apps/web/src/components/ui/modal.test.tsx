import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

function Harness({ onClose = () => {}, busy = false }: { onClose?: () => void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal
          title="Manage"
          busy={busy}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <input aria-label="Amount" autoFocus />
          <button type="button">First</button>
          <button type="button">Last</button>
        </Modal>
      )}
    </>
  );
}

function backdrop(): HTMLElement {
  return screen.getByRole('dialog').parentElement!;
}

afterEach(() => vi.useRealTimers());

describe('Modal', () => {
  it('traps Tab inside the dialog and gives focus back to the opener on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Manage' })).toBeTruthy();
    const buttons = screen.getAllByRole('button');
    const inDialog = buttons.filter((b) => screen.getByRole('dialog').contains(b));
    inDialog.at(-1)!.focus();
    await user.tab();
    expect(document.activeElement).toBe(inDialog[0]);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(inDialog.at(-1));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('closes on a press on the backdrop', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.mouseDown(backdrop());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ignores the second click of a double click that started inside the dialog', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.mouseDown(screen.getByRole('button', { name: 'First' }));
    vi.advanceTimersByTime(150);
    fireEvent.mouseDown(backdrop());
    expect(onClose).not.toHaveBeenCalled();
    vi.advanceTimersByTime(600);
    fireEvent.mouseDown(backdrop());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('cannot be closed while busy', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} busy />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.mouseDown(backdrop());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
