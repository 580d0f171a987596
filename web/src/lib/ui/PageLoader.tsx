// What a screen shows while its lazy chunk or its first query arrives.
export function PageLoader() {
  return (
    <div className="page-loader" role="status" aria-live="polite">
      Chargement…
    </div>
  );
}
