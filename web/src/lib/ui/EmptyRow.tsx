// A table row spanning every column that says the table is loading or has nothing to show.
import type { ReactNode } from 'react';

export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="empty">
        {children}
      </td>
    </tr>
  );
}
