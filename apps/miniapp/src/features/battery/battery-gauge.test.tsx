import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { strings } from '../../lib/strings.ts';
import { BatteryGauge } from './components/BatteryGauge.tsx';

describe('battery gauge', () => {
  it('a known battery: the countdown and a meter', () => {
    render(<BatteryGauge remainingMs={3.5 * 86_400_000} />);
    expect(screen.getByTestId('countdown').textContent).toBe('03:12:00:00');
    expect(screen.getByRole('meter', { name: 'Battery' }).getAttribute('aria-valuenow')).toBe('50');
  });

  it('an unknown battery is being checked: dashes, not 00:00:00:00, and no meter', () => {
    render(<BatteryGauge remainingMs={null} />);
    expect(screen.getByTestId('countdown').textContent).toBe('--:--:--:--');
    expect(screen.getByRole('status', { name: strings.batteryChecking })).toBeTruthy();
    expect(screen.queryByRole('meter')).toBeNull();
  });

  it('an unknown battery the chain could not read says it is unknown', () => {
    render(<BatteryGauge remainingMs={null} unreadable />);
    expect(screen.getByTestId('countdown').textContent).toBe('--:--:--:--');
    expect(screen.getByRole('status', { name: strings.batteryUnknown })).toBeTruthy();
  });
});
