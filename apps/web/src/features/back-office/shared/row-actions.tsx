// The buttons at the end of a table row that open a dialog about that row. Each says which row it is
// for (aria-label), since a screen reader hears "Edit" alone many times down a table.
export interface RowAction {
  text: string;
  /** The full name, e.g. "Edit device Rocket Game". */
  label: string;
  onOpen: () => void;
}

/** The head of a column of row actions: named for a screen reader, blank to the eye. */
export function RowActionsHead({ label }: { label: string }) {
  return (
    <th scope="col">
      <span className="visually-hidden">{label}</span>
    </th>
  );
}

export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <td className="bo-table__actions">
      {actions.map((a) => (
        <button key={a.label} type="button" aria-haspopup="dialog" aria-label={a.label} onClick={a.onOpen}>
          {a.text}
        </button>
      ))}
    </td>
  );
}
