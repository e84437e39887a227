import type { MiniAppHostCapability } from '@farcaster/miniapp-host';
import { clientCapabilities, REPORTED_CAPABILITIES, useClientChrome, useSwitchedOff } from './client-capabilities.ts';
import './capabilities.css';

/** The capabilities a person is likely to want off, first, as one switch each. */
const SWITCHES: readonly { label: string; capabilities: readonly MiniAppHostCapability[] }[] = [
  { label: 'Back control (back)', capabilities: ['back'] },
  {
    label: 'Haptics',
    capabilities: ['haptics.impactOccurred', 'haptics.notificationOccurred', 'haptics.selectionChanged'],
  },
];
const inSwitches = new Set(SWITCHES.flatMap((entry) => entry.capabilities));
const ALL_SWITCHES = [
  ...SWITCHES,
  ...REPORTED_CAPABILITIES.filter((capability) => !inSwitches.has(capability)).map((capability) => ({
    label: capability,
    capabilities: [capability],
  })),
];

/**
 * What the dev host reports to the mini-app (getCapabilities), with a switch per capability so a
 * client without one can be tried: a change relaunches the app, which reads them at start. Beside
 * them, the client's own controls: its back button (while the app asks for it) and the last haptic.
 */
export function CapabilitiesPanel({ onRelaunch }: { onRelaunch: () => void }) {
  const off = useSwitchedOff();
  const { back, lastHaptic } = useClientChrome();
  const change = (capabilities: readonly MiniAppHostCapability[], on: boolean) => {
    for (const capability of capabilities) clientCapabilities.set(capability, on);
    onRelaunch();
  };
  return (
    <section className="panel" data-testid="capabilities-panel">
      <h2>Client capabilities</h2>
      <p className="client-chrome">
        <button
          type="button"
          className="button-primary"
          data-testid="client-back"
          disabled={!back.visible || !back.press}
          onClick={() => back.press?.()}
        >
          ◀ Back
        </button>
        <span className="muted" data-testid="client-haptic" aria-live="polite">
          {lastHaptic ? `Haptic: ${lastHaptic}` : 'No haptic yet'}
        </span>
      </p>
      <ul className="capability-switches">
        {ALL_SWITCHES.map(({ label, capabilities }) => (
          <li key={label}>
            <label className="checkbox-line">
              <input
                type="checkbox"
                checked={capabilities.every((capability) => !off.has(capability))}
                onChange={(event) => change(capabilities, event.target.checked)}
              />
              {label}
            </label>
          </li>
        ))}
      </ul>
      <p className="muted">
        Reported: {clientCapabilities.offered().length} of {REPORTED_CAPABILITIES.length}. A change relaunches the
        mini-app.
      </p>
    </section>
  );
}
