// Dialog of the feature screens: a titled panel over the page that fits a 360 px screen (scrolls
// inside), closes with Escape, the × button or a click outside, and keeps focus inside while open.
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** A dialog whose call runs must not close half-way (Escape and the backdrop are ignored). */
  busy?: boolean;
  /** 760 px instead of 560 px, for a dialog holding a table or a line form. */
  wide?: boolean;
  /** Extra class on the panel, for a feature's own width. */
  className?: string;
  /** Escape or a click outside, when it must not simply close (a typed form asks first); × still closes. */
  onDismiss?: () => void;
}

export function Modal({ title, onClose, children, busy, wide, className, onDismiss }: Props) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The Escape listener is installed once; it reads the latest props through these refs.
  const close = useRef(onDismiss ?? onClose);
  const busyRef = useRef(busy);
  useLayoutEffect(() => {
    close.current = onDismiss ?? onClose;
    busyRef.current = busy;
  });

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>('input, select, textarea, button:not(.ui-modal-close)');
    (first ?? panel.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !busyRef.current) close.current();
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  const classes = ['ui-modal', wide && 'ui-modal-wide', className].filter(Boolean).join(' ');
  return createPortal(
    <div
      className="ui-modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && !busy) (onDismiss ?? onClose)();
      }}
    >
      <div className={classes} role="dialog" aria-modal="true" aria-labelledby={titleId} ref={panel} tabIndex={-1}>
        <div className="ui-modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="ui-modal-close" aria-label="Fermer" onClick={onClose} disabled={busy}>
            ×
          </button>
        </div>
        <div className="ui-modal-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
