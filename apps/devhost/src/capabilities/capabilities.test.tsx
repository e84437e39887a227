/** @vitest-environment happy-dom */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bridge } from '../test/captured-host.ts';
import { fakeLocalNetwork, localUser } from '../test/fake-local-network.ts';
import { renderFrame } from '../test/frame.tsx';
import { CapabilitiesPanel } from './CapabilitiesPanel.tsx';
import { REPORTED_CAPABILITIES, resetClient } from './client-capabilities.ts';

vi.mock('@farcaster/miniapp-host', async (importOriginal) =>
  (await import('../test/captured-host.ts')).withCapturedHost(await importOriginal()),
);

const ALICE = localUser(1001, 'alice');

function renderWithPanel() {
  const relaunch = vi.fn();
  const rendered = renderFrame(ALICE, <CapabilitiesPanel onRelaunch={relaunch} />);
  return { ...rendered, relaunch };
}

const switchFor = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('the capabilities the dev host reports', () => {
  beforeEach(() => {
    bridge.emit.mockClear();
    fakeLocalNetwork();
    resetClient();
  });

  it('reports back and haptics with the actions, and lists each with a switch that is on', async () => {
    const { host } = renderWithPanel();
    const reported = await host().getCapabilities();
    expect(reported).toEqual([...REPORTED_CAPABILITIES]);
    expect(reported).toEqual(
      expect.arrayContaining(['back', 'haptics.impactOccurred', 'haptics.notificationOccurred']),
    );
    expect(host().context.features?.haptics).toBe(true);
    expect(switchFor('Back control (back)').checked).toBe(true);
    expect(switchFor('Haptics').checked).toBe(true);
    expect(switchFor('actions.viewProfile').checked).toBe(true);
  });

  it('a switch turned off takes the capability out, refuses its calls, and relaunches the app', async () => {
    const { host, log, relaunch } = renderWithPanel();
    const user = userEvent.setup();
    await user.click(switchFor('Back control (back)'));
    await user.click(switchFor('Haptics'));
    expect(relaunch).toHaveBeenCalledTimes(2);
    expect(switchFor('Back control (back)').checked).toBe(false);

    const reported = await host().getCapabilities();
    expect(reported).not.toContain('back');
    expect(reported.some((capability) => capability.startsWith('haptics.'))).toBe(false);
    expect(reported).toContain('actions.composeCast');
    await expect(host().impactOccurred('light')).rejects.toThrow(/not supported/);
    await expect(host().updateBackState({ visible: true })).rejects.toThrow(/not supported/);
    expect(log).toHaveBeenCalledWith('impactOccurred', 'haptics.impactOccurred is switched off in this client');
    expect(screen.getByTestId<HTMLButtonElement>('client-back').disabled).toBe(true);

    await user.click(switchFor('Back control (back)'));
    expect(await host().getCapabilities()).toContain('back');
  });

  it("answers haptics visibly, and shows the client's back button while the app asks for it; a press goes to the app", async () => {
    const { host, log } = renderWithPanel();
    const back = screen.getByTestId<HTMLButtonElement>('client-back');
    expect(back.disabled).toBe(true);

    await act(() => host().impactOccurred('light'));
    expect(screen.getByTestId('client-haptic').textContent).toBe('Haptic: impact: light');
    await act(() => host().notificationOccurred('success'));
    expect(screen.getByTestId('client-haptic').textContent).toBe('Haptic: notification: success');
    expect(log).toHaveBeenCalledWith('notificationOccurred', 'success');

    await act(() => host().updateBackState({ visible: true }));
    expect(back.disabled).toBe(false);
    await userEvent.click(back);
    expect(bridge.emit).toHaveBeenCalledWith({ event: 'back_navigation_triggered' });
    await act(() => host().updateBackState({ visible: false }));
    expect(back.disabled).toBe(true);
  });
});
