// The web app shell; the cashier screens arrive with the web-app issues.
export function App() {
  return (
    <main>
      <h1>Cashdesk</h1>
      <p>The cashier terminal is on its way.</p>
    </main>
  );
}
