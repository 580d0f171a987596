// Product autocomplete of the new sale (spec part 2 §5): filters by name ignoring case and
// spaces, proposes nothing for an empty input; each proposal shows the stock left.
import { useId, useState } from 'react';
import type { Produit } from '@shared/schemas/produits';
import { filterProducts } from '../logic/sale-lines';

const MAX_SHOWN = 8;

interface Props {
  produits: readonly Produit[];
  selected: Produit | null;
  onSelect: (p: Produit | null) => void;
  error?: boolean;
  inputId?: string;
}

export function ProductAutocomplete({ produits, selected, onSelect, error, inputId }: Props) {
  const id = useId();
  const [text, setText] = useState(selected?.nom ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shown = filterProducts(produits, text).slice(0, MAX_SHOWN);
  // The parent clears the selection after Ajouter: the box empties with it.
  const [lastSelected, setLastSelected] = useState(selected);
  if (selected !== lastSelected) {
    setLastSelected(selected);
    if (!selected) setText('');
  }

  function choose(p: Produit) {
    onSelect(p);
    setText(p.nom);
    setOpen(false);
  }

  return (
    <div className="autocomplete">
      <input
        id={inputId ?? `${id}-input`}
        role="combobox"
        aria-expanded={open && shown.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-invalid={error ? true : undefined}
        autoComplete="off"
        placeholder="Rechercher un produit"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
          // Typing something else than the chosen product's name forgets the choice.
          if (selected && e.target.value !== selected.nom) onSelect(null);
        }}
        onFocus={() => setOpen(true)}
        // Options are picked on mousedown (default prevented), so the input keeps focus while choosing.
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (!open || shown.length === 0) return;
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => (a + 1) % shown.length);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => (a - 1 + shown.length) % shown.length);
          } else if (e.key === 'Enter') {
            e.preventDefault();
            choose(shown[Math.min(active, shown.length - 1)]);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {open && shown.length > 0 && (
        <ul className="autocomplete-list" role="listbox" id={`${id}-list`}>
          {shown.map((p, i) => (
            <li
              key={p.id}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(p);
              }}
            >
              <span>{p.nom}</span>
              <span className="muted">stock {p.quantite}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
