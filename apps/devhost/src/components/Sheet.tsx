import type { ReactNode } from 'react';

interface Props {
  title: string;
  testId: string;
  children: ReactNode;
  /** Sheets that only show something end with a Close button that calls this. */
  onClose?: () => void;
}

/** A sheet that slides over the mini-app from the bottom, like a real client's. */
export function Sheet({ title, testId, children, onClose }: Props) {
  return (
    <div className="sheet-backdrop">
      <div className="sheet" role="dialog" aria-label={title} data-testid={testId}>
        <h2>{title}</h2>
        {children}
        {onClose ? (
          <div className="sheet-actions">
            <button type="button" className="button-secondary" onClick={onClose}>
              Close
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
