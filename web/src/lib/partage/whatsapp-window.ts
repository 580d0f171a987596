// Opening WhatsApp from a tap that first has to ask the server for the link. A browser lets a page
// open a window only inside the tap itself (a popup blocker refuses `window.open` called once an
// answer has come back), so the window is opened empty in the tap and pointed at the wa.me address
// when the answer arrives; a refusal closes it. When the browser opened nothing even so (an
// in-app browser, a strict blocker), the screen shows an « Ouvrir WhatsApp » link: a second tap.

export interface WhatsappWindow {
  /** False when the browser opened no window: the screen offers the link instead. */
  readonly ouverte: boolean;
  /** Sends the window to the wa.me address; false when it could not (closed meanwhile, blocked). */
  aller(url: string): boolean;
  /** Closes the empty window (the share was refused or failed). */
  fermer(): void;
}

/** Call synchronously inside the tap's handler, before any await. */
export function ouvrirFenetreWhatsapp(): WhatsappWindow {
  let w: Window | null = null;
  try {
    w = window.open('', '_blank');
  } catch {
    w = null;
  }
  // The page opened holds no reference back to the app (what `noopener` gives, which would also
  // make window.open return null and the window unreachable).
  if (w) {
    try {
      w.opener = null;
    } catch {
      // a browser that refuses the assignment: nothing to protect then
    }
  }
  return {
    ouverte: !!w,
    aller(url) {
      if (!w || w.closed) return false;
      try {
        w.location.href = url;
        return true;
      } catch {
        return false;
      }
    },
    fermer() {
      if (w && !w.closed) w.close();
    },
  };
}

/** Puts the text on the clipboard; false when the browser refuses (no permission, not secure). */
export async function copierTexte(text: string, fallback?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // falls through to the selection below
  }
  // An older WebView: the text selected in a field and copied the old way; selected in any case,
  // so the phone's own « Copier » is one tap away if this too is refused.
  if (fallback) {
    fallback.focus();
    fallback.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
  return false;
}
