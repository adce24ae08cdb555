// The venue's Players tab (docs/back-office.md, "Players"): the venue's newest players at first, a search
// by card, name or document number, the players found, and one player's detail with their identity, daily limit and exclusion. What was
// searched and which player is open live in the address (?q=&player=), so Back returns from a player to
// the results, on a phone too, and a reload shows the same.
import type { Account, Player } from '@cashdesk/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { InputField } from '../shared/fields';
import { QueryState } from '../shared/query-state';
import { RowActionsHead } from '../shared/row-actions';
import { useBoPlayersQuery } from './players-api';
import { PlayerDetail } from './player-detail';
import { DailyLimitText, ExclusionText, documentText } from './player-texts';

const SEARCH_MAX_LENGTH = 120;

export function PlayersView({ account }: { account: Account }) {
  const { t } = useTranslation('backOfficePlayers');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const openId = Number(params.get('player'));
  const [typed, setTyped] = useState(q);
  // Without a search the server answers the venue's newest players.
  const asked = useBoPlayersQuery({ id: account.id, q });
  // This search's answer only: another search's players (or none, when it failed) are not its results.
  const found = { ...asked, data: asked.currentData };
  const open = found.data?.find((p) => p.id === openId) ?? null;

  function search(event: FormEvent) {
    event.preventDefault();
    const term = typed.trim();
    // An empty search goes back to the newest players.
    setParams(term === '' ? {} : { q: term });
  }

  const openPlayer = (player: Player) => setParams({ ...(q ? { q } : {}), player: String(player.id) });
  const backToResults = () => setParams(q ? { q } : {});

  return (
    <section className="bo-section" aria-labelledby="bo-players-title">
      <h2 id="bo-players-title">{t('backOffice:account.section.players')}</h2>
      <form className="bo-filters" role="search" aria-label={t('players.search')} onSubmit={search}>
        <InputField
          label={t('players.searchLabel')}
          hint={t('players.searchHint')}
          value={typed}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
        />
        <div className="bo-actions">
          <button type="submit" className="button--primary">
            {t('players.searchButton')}
          </button>
        </div>
      </form>
      <QueryState query={found}>
        {(list) =>
          open ? (
            <PlayerDetail account={account} player={open} onBack={backToResults} />
          ) : (
            <PlayersTable account={account} players={list} q={q} onOpen={openPlayer} />
          )
        }
      </QueryState>
    </section>
  );
}

function PlayersTable({
  account,
  players,
  q,
  onOpen,
}: {
  account: Account;
  players: Player[];
  q: string;
  onOpen: (player: Player) => void;
}) {
  const { t } = useTranslation('backOfficePlayers');
  if (players.length === 0) {
    return (
      <p role="status" className="bo-muted">
        {q === '' ? t('players.noneYet') : t('players.none', { q })}
      </p>
    );
  }
  return (
    <>
      <p role="status" className="bo-muted">
        {q === ''
          ? t('players.newest', { count: players.length })
          : t('players.found', { count: players.length, q })}
      </p>
      <table className="bo-table" aria-labelledby="bo-players-title">
        <thead>
          <tr>
            <th scope="col">{t('players.card')}</th>
            <th scope="col">{t('players.name')}</th>
            <th scope="col">{t('players.document')}</th>
            <th scope="col">{t('players.dailyLimit')}</th>
            <th scope="col">{t('players.exclusion')}</th>
            <RowActionsHead label={t('players.actions')} />
          </tr>
        </thead>
        <tbody>
          {players.map((p) => (
            <tr key={p.id}>
              <th scope="row" data-label={t('players.card')}>
                {p.card}
              </th>
              <td data-label={t('players.name')}>{p.name ?? <NotRecorded />}</td>
              <td data-label={t('players.document')}>{documentText(p) ?? <NotRecorded />}</td>
              <td data-label={t('players.dailyLimit')}>
                <DailyLimitText player={p} account={account} />
              </td>
              <td data-label={t('players.exclusion')}>
                <ExclusionText player={p} />
              </td>
              <td className="bo-table__actions">
                <button
                  type="button"
                  aria-label={t('players.openLabel', { card: p.card })}
                  onClick={() => onOpen(p)}
                >
                  {t('players.open')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function NotRecorded() {
  const { t } = useTranslation('backOfficePlayers');
  return <span className="bo-muted">{t('players.notRecorded')}</span>;
}
