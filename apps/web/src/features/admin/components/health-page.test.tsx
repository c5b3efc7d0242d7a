import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HealthSample } from '../api/admin-requests';
import { SparkChart } from './health-page';

const minute = (requests: number, errors: number): HealthSample => ({
  at: '2026-11-29T07:00:00.000Z',
  requests,
  errors,
  avgLatencyMs: 12,
});

describe('health charts', () => {
  it('says the highest value measured, not the chart’s scale, when there were no errors', () => {
    render(
      <SparkChart
        label="Server errors per minute"
        samples={[minute(40, 0), minute(52, 0), minute(47, 0)]}
        value={(s) => s.errors}
        unit="err"
      />,
    );
    expect(screen.getByText('Latest 0.0 err, highest 0.0 err, over 3 minutes.')).toBeTruthy();
  });

  it('says the highest of a busy series', () => {
    render(
      <SparkChart
        label="Requests per minute"
        samples={[minute(40, 0), minute(52, 1), minute(47, 0)]}
        value={(s) => s.requests}
        unit="req"
      />,
    );
    expect(screen.getByText('Latest 47.0 req, highest 52.0 req, over 3 minutes.')).toBeTruthy();
  });
});
