import { useEffect, useRef } from 'react';
import { howItWorksSteps, strings } from '../../../lib/strings.ts';

/** The "How Fartwin Works" modal: three steps. Not shown until its trigger opens it. */
export function HowItWorksModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="how-it-works-title">
        <h2 id="how-it-works-title">{strings.howItWorksTitle}</h2>
        <ol className="steps">
          {howItWorksSteps.map((step) => (
            <li key={step.title}>
              <strong>{step.title}</strong>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <button ref={closeRef} type="button" className="button button--primary" onClick={onClose}>
          {strings.close}
        </button>
      </div>
    </div>
  );
}
