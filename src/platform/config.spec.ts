import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_RATE_LIMITS, defaultReadConnections, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'pitlane-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', worker: true, env: 'development', publicUrl: 'http://localhost:3000' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.supportEmail).toBe('support@pitlane.local');
    expect(loadConfig({ SUPPORT_EMAIL: 'help@pitlane.example', DATA_DIR: dataDir() }).supportEmail).toBe('help@pitlane.example');
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address', DATA_DIR: dataDir() })).toThrow(/SUPPORT_EMAIL/);
  });

  it('names every bad variable in one error', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db/x', SMTP_URL: 'http://mail', WORKER: 'maybe', DATA_DIR: dataDir() });
      expect.unreachable('loadConfig should throw');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const names = (error as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(names.sort()).toEqual(['DATABASE_URL', 'PORT', 'SMTP_URL', 'WORKER']);
      expect((error as Error).message).toMatch(/Invalid configuration/);
    }
  });

  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/SESSION_SECRET: is required/);
  });

  it('requires STRIPE_WEBHOOK_SECRET with Stripe keys in production', () => {
    const env = { NODE_ENV: 'production', DATA_DIR: dataDir(), SESSION_SECRET: 'x'.repeat(32), STRIPE_SECRET_KEY: 'sk_live_x' };
    expect(() => loadConfig(env)).toThrow(/STRIPE_WEBHOOK_SECRET: is required/);
    expect(loadConfig({ ...env, STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: 'http://127.0.0.1:12111' })).toMatchObject({ stripeWebhookSecret: 'whsec_x', stripeApiUrl: 'http://127.0.0.1:12111' });
  });

  it('generates a development session secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first).toHaveLength(64);
    expect(second).toBe(first);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(first);
  });

  it('reads WORKER=off and a proxy count', () => {
    const config = loadConfig({ WORKER: 'off', TRUST_PROXY: '1', SESSION_SECRET: 'x'.repeat(40), DATA_DIR: dataDir() });
    expect(config.worker).toBe(false);
    expect(config.trustProxy).toBe(1);
  });

  it('keeps metrics off unless METRICS_TOKEN is set, and refuses a short token', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(32), DATA_DIR: dataDir() }).metricsToken).toBe('m'.repeat(32));
    expect(() => loadConfig({ METRICS_TOKEN: 'short', DATA_DIR: dataDir() })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });

  it('sizes the read pool to the machine unless DB_READ_CONNECTIONS says otherwise', () => {
    expect(defaultReadConnections(2)).toBe(3);
    expect(defaultReadConnections(8)).toBe(9);
    expect(loadConfig({ DATA_DIR: dataDir() }).dbReadConnections).toBe(defaultReadConnections());
    expect(loadConfig({ DB_READ_CONNECTIONS: '5', DATA_DIR: dataDir() }).dbReadConnections).toBe(5);
    expect(() => loadConfig({ DB_READ_CONNECTIONS: '0', DATA_DIR: dataDir() })).toThrow(/DB_READ_CONNECTIONS/);
  });

  it('limits registrations per address and uploads per account by default, off under NODE_ENV=test unless set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir() }).rateLimits).toEqual({
      registrationsPerAddressPerHour: 0,
      uploadsPerAccountPerHour: 0,
      contactRequestsPerAddressPerHour: 0,
    });
    const set = loadConfig({ REGISTRATIONS_PER_ADDRESS_PER_HOUR: '3', UPLOADS_PER_ACCOUNT_PER_HOUR: '0', DATA_DIR: dataDir() });
    expect(set.rateLimits).toEqual({ registrationsPerAddressPerHour: 3, uploadsPerAccountPerHour: 0, contactRequestsPerAddressPerHour: 5 });
    expect(() => loadConfig({ UPLOADS_PER_ACCOUNT_PER_HOUR: '-1', DATA_DIR: dataDir() })).toThrow(/UPLOADS_PER_ACCOUNT_PER_HOUR/);
  });
});
