// The support widget of the signed-in screens: the venue's contact when no chat is configured (or the
// chat does not start), nothing for a user with disable_support_widget.
import type { ClientConfig, Restriction, User } from '@cashdesk/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { makeDemoCashier } from '../../test/fixtures';
import { stubApi } from '../../test/stub-api';
import { SUPPORT_CHAT_SCRIPT_ID } from './support-chat';
import { SupportWidget } from './support-widget';

const user = (restrictions: Restriction[] = []): User => makeDemoCashier(restrictions);
const CONTACT = { chat_script_url: null, phone: '+34 600 123 456', email: 'help@venue.example' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete window.CashdeskSupportChat;
  document.getElementById(SUPPORT_CHAT_SCRIPT_ID)?.remove();
});

function renderWidget(support: ClientConfig['support'], who: User = user()) {
  const { fetchMock } = stubApi({
    'GET /api/v1/client_config': { body: { client_download_url: null, support } },
  });
  renderWithProviders(<SupportWidget user={who} />);
  return { fetchMock };
}

describe('support widget', () => {
  it("offers the venue's phone and e-mail in a Support dialog", async () => {
    renderWidget(CONTACT);
    await userEvent.click(await screen.findByRole('button', { name: 'Support' }));
    const dialog = screen.getByRole('dialog', { name: 'Support' });
    expect(within(dialog).getByRole('link', { name: '+34 600 123 456' }).getAttribute('href')).toBe(
      'tel:+34600123456',
    );
    expect(within(dialog).getByRole('link', { name: 'help@venue.example' }).getAttribute('href')).toBe(
      'mailto:help@venue.example',
    );
  });

  it('is absent for a user with disable_support_widget', async () => {
    const { fetchMock } = renderWidget(CONTACT, user(['disable_support_widget']));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(screen.queryByRole('button', { name: 'Support' })).toBeNull();
  });

  it('is absent when the operator configured neither a chat nor a contact', async () => {
    const { fetchMock } = renderWidget({ chat_script_url: null, phone: null, email: null });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(screen.queryByRole('button', { name: 'Support' })).toBeNull();
  });

  it('starts the configured chat with the cashier and language instead of the contact', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const init = vi.fn();
    window.CashdeskSupportChat = { init };
    renderWidget({ ...CONTACT, chat_script_url: 'https://chat.example.com/w.js' });
    await vi.waitFor(() => expect(init).toHaveBeenCalled());
    expect(init).toHaveBeenCalledWith({ language: 'en', cashier: { id: 7, name: 'Demo Cashier' } });
    expect(screen.queryByRole('button', { name: 'Support' })).toBeNull();
  });

  it('falls back to the contact when the chat does not start within 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWidget({ ...CONTACT, chat_script_url: 'https://chat.example.com/w.js' });
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(screen.queryByRole('button', { name: 'Support' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_200));
    expect(screen.getByRole('button', { name: 'Support' })).toBeTruthy();
  });
});
