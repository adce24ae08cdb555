// The client download page: logo, heading and the Download link to the operator's file.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { stubApi } from '../../test/stub-api';
import { GetClientPage } from './get-client-page';

afterEach(() => vi.unstubAllGlobals());

function renderPage(url: string | null) {
  stubApi({
    'GET /api/v1/client_config': {
      body: { client_download_url: url, support: { chat_script_url: null, phone: null, email: null } },
    },
  });
  renderWithProviders(<GetClientPage />, { route: '/get-client' });
}

describe('client download page', () => {
  it('shows the logo, the heading and a Download link to the configured file', async () => {
    renderPage('https://downloads.example.com/cashdesk-setup.exe');
    expect(screen.getByRole('img', { name: 'Cashdesk' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Cashdesk client', level: 1 })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Download' });
    expect(link.getAttribute('href')).toBe('https://downloads.example.com/cashdesk-setup.exe');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('says that nothing is offered when no file is configured', async () => {
    renderPage(null);
    expect(await screen.findByText('No download is offered yet. Please contact support.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
