// Placeholder: the login screen (issue: web app I).
export function LoginPage() {
  return (
    <main className="page-center">
      <h1>Authorization</h1>
    </main>
  );
}
