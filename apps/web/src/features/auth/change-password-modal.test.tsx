import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Toaster } from '../../components/ui/toaster';
import { ChangePasswordModal } from './change-password-modal';
import { validateChangePassword } from './change-password-validation';
import { calledRoutes, stubApi, type StubRoutes } from '../../test/stub-api';

afterEach(() => vi.unstubAllGlobals());

function renderModal(routes: StubRoutes = {}) {
  const { fetchMock } = stubApi(routes);
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <ChangePasswordModal onClose={onClose} />
      <Toaster />
    </>,
  );
  return { user, onClose, fetchMock };
}

const field = (label: string) => screen.getByLabelText(label);

async function fill(user: ReturnType<typeof userEvent.setup>, old: string, next: string, repeat: string) {
  if (old) await user.type(field('Old password'), old);
  if (next) await user.type(field('New password'), next);
  if (repeat) await user.type(field('Repeat new password'), repeat);
}

describe('validateChangePassword (docs/product.md section 5)', () => {
  const ok = { old: 'old-pass', new: 'new-password', repeat: 'new-password' };
  it('accepts matching passwords within the limits', () => {
    expect(validateChangePassword(ok)).toEqual({ old: null, new: null, repeat: null });
  });
  it.each([
    [{ ...ok, old: '' }, 'old', 'changePassword.oldRequired'],
    [{ ...ok, old: 'o'.repeat(65) }, 'old', 'changePassword.oldTooLong'],
    [{ ...ok, new: '', repeat: '' }, 'new', 'changePassword.newRequired'],
    [{ ...ok, new: 'short', repeat: 'short' }, 'new', 'changePassword.newTooShort'],
    [{ ...ok, new: 'n'.repeat(65), repeat: 'n'.repeat(65) }, 'new', 'changePassword.newTooLong'],
    [{ ...ok, repeat: '' }, 'repeat', 'changePassword.repeatRequired'],
    [{ ...ok, repeat: 'r'.repeat(65) }, 'repeat', 'changePassword.repeatTooLong'],
    [{ ...ok, repeat: 'other-password' }, 'repeat', 'changePassword.mismatch'],
  ] as const)('%j: %s -> %s', (values, fieldName, key) => {
    expect(validateChangePassword(values)[fieldName]?.key).toBe(key);
  });
});

describe('ChangePasswordModal', () => {
  it('is a labelled dialog with three password fields, each with its own show/hide toggle', async () => {
    const { user } = renderModal();
    expect(screen.getByRole('dialog', { name: 'Change password' })).toBeTruthy();
    for (const [label, toggle] of [
      ['Old password', 'Show old password'],
      ['New password', 'Show new password'],
      ['Repeat new password', 'Show repeated password'],
    ] as const) {
      expect(field(label).getAttribute('type')).toBe('password');
      await user.click(screen.getByRole('button', { name: toggle }));
      expect(field(label).getAttribute('type')).toBe('text');
    }
  });

  it('names each missing field', async () => {
    const { user, fetchMock } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter your old password')).toBeTruthy();
    expect(screen.getByText('Enter your new password')).toBeTruthy();
    expect(screen.getByText('Repeat your new password')).toBeTruthy();
    expect(calledRoutes(fetchMock)).not.toContain('POST /api/v1/a/change_password');
  });

  it("says when new and repeated passwords don't match", async () => {
    const { user, fetchMock } = renderModal();
    await fill(user, 'old-pass', 'new-password', 'new-passwort');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText("New and repeated passwords don't match")).toBeTruthy();
    expect(calledRoutes(fetchMock)).not.toContain('POST /api/v1/a/change_password');
  });

  it('sends only old and new, then closes with a success toast', async () => {
    let sent: unknown;
    const { user, onClose } = renderModal({
      'POST /api/v1/a/change_password': ({ body }) => {
        sent = body;
        return { body: { ok: true } };
      },
    });
    await fill(user, 'old-pass', 'new-password', 'new-password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(sent).toEqual({ old: 'old-pass', new: 'new-password' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('marks a wrong old password under its field and stays open', async () => {
    const { user, onClose } = renderModal({
      'POST /api/v1/a/change_password': { status: 422, body: { err: 'wrong password' } },
    });
    await fill(user, 'bad-pass', 'new-password', 'new-password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The old password is wrong')).toBeTruthy();
    expect(document.activeElement).toBe(field('Old password'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('cannot be closed while the request runs', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const { user, onClose } = renderModal({
      'POST /api/v1/a/change_password': () => new Promise((resolve) => (answer = resolve)),
    });
    await fill(user, 'old-pass', 'new-password', 'new-password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    answer({ body: { ok: true } });
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
