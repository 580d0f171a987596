// Catches a screen that fails to load or render (typically a lazy chunk lost on a flaky network
// or replaced by a new deployment) and offers a reload instead of a blank page.
import { Component, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page-error" role="alert">
        <p>Cette page n'a pas pu être chargée. Vérifiez votre connexion puis rechargez la page.</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Recharger
        </button>
      </div>
    );
  }
}
