import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { session } from '@pitclock/contracts';
import { DEFAULT_SUPPORT_EMAIL, SUPPORT_EMAIL_GLOBAL } from '../../lib/app-config';
import { TermsScreen } from './terms-screen';
import { JUNE_FIRST, renderLegal } from './test-support';

const scope = globalThis as Record<string, unknown>;
afterEach(() => {
  delete scope[SUPPORT_EMAIL_GLOBAL];
  session.clear();
});

const renderTerms = (history = ['/terms']) =>
  renderLegal(<TermsScreen now={() => JUNE_FIRST} timeZone="UTC" />, history);

const section = (name: string) => screen.getByRole('region', { name });
const textOf = (name: string) => section(name).textContent ?? '';

describe('Terms of Service', () => {
  it('has the title and the twelve sections of SPEC.md, in order', () => {
    renderTerms();
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '1. Agreement to terms',
      '2. Service description',
      '3. User accounts',
      '4. Acceptable use',
      '5. User content',
      '6. Service availability',
      '7. Limitation of liability',
      '8. Promo codes',
      '9. Modifications to terms',
      '10. Governing law',
      '11. Contact information',
      '12. Severability',
    ]);
  });

  it('shows today (the injected clock) as the last-updated date', () => {
    renderTerms();
    expect(screen.getByText('Last updated: June 1, 2026')).toBeTruthy();
  });

  it('the last-updated date follows the clock and the zone', () => {
    renderLegal(<TermsScreen now={() => Date.UTC(2026, 11, 31, 23, 30)} timeZone="Pacific/Auckland" />, [
      '/terms',
    ]);
    expect(screen.getByText('Last updated: January 1, 2027')).toBeTruthy();
  });

  it('covers every point of SPEC.md section 1', () => {
    renderTerms();
    expect(textOf('1. Agreement to terms')).toMatch(/By accessing or using PitClock you accept these terms/);
    const accounts = textOf('3. User accounts');
    expect(accounts).toMatch(/accurate and complete registration information/);
    expect(accounts).toMatch(/keeping your password safe/);
    expect(accounts).toMatch(/unauthorised use or other misuse/);
    expect(accounts).toMatch(/suspend or terminate your account .* if you violate these terms/);
    const use = textOf('4. Acceptable use');
    expect(use).toMatch(/lawful purposes only/);
    expect(use).toMatch(/unauthorised access/);
    expect(use).toMatch(/malicious code/);
    expect(use).toMatch(/disrupt, overload or impair/);
    expect(use).toMatch(/automated means .* unless we have permitted it/);
    const content = textOf('5. User content');
    expect(content).toMatch(/You own the content you create/);
    expect(content).toMatch(/limited, non-exclusive licence to store and display/);
    const availability = textOf('6. Service availability');
    expect(availability).toMatch(/“as is”/);
    expect(availability).toMatch(/Keep your own backups/);
    expect(availability).toMatch(/notifications depends on your device.* network, and is not guaranteed/);
    expect(textOf('7. Limitation of liability')).toMatch(/not liable for timing disputes/);
    const promo = textOf('8. Promo codes');
    expect(promo).toMatch(/single-use and non-transferable/);
    expect(promo).toMatch(/may expire/);
    expect(promo).toMatch(/cannot be combined/);
    expect(promo).toMatch(/may revoke a promo code/);
    expect(textOf('9. Modifications to terms')).toMatch(/change these terms at any time/);
    expect(textOf('10. Governing law')).toMatch(/binding arbitration/);
    expect(textOf('12. Severability')).toMatch(/remaining provisions stay in full force/);
  });

  it('gives the default contact e-mail as a link when none is configured', () => {
    renderTerms();
    const link = within(section('11. Contact information')).getByRole('link', {
      name: DEFAULT_SUPPORT_EMAIL,
    });
    expect(link.getAttribute('href')).toBe(`mailto:${DEFAULT_SUPPORT_EMAIL}`);
    expect(textOf('11. Contact information')).toBe(
      `11. Contact informationQuestions about these terms? Contact us by e-mail at ${DEFAULT_SUPPORT_EMAIL}.`,
    );
  });

  it('gives the configured contact e-mail, in Contact and for reporting misuse', () => {
    scope[SUPPORT_EMAIL_GLOBAL] = 'legal@smokehouse.example';
    renderTerms();
    for (const name of ['11. Contact information', '3. User accounts']) {
      const link = within(section(name)).getByRole('link', { name: 'legal@smokehouse.example' });
      expect(link.getAttribute('href')).toBe('mailto:legal@smokehouse.example');
    }
    expect(screen.queryByText(/\{email\}/)).toBeNull();
  });

  it('Back returns to the page the user came from', async () => {
    const { user } = renderTerms(['/about', '/terms']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location').textContent).toBe('/about');
  });

  it('Back goes to Settings when the terms were opened directly by a signed-in cook', async () => {
    session.setTokens({ token: 'a-token' });
    const { user } = renderTerms(['/terms']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location').textContent).toBe('/settings');
  });

  it('Back goes to the welcome page when a visitor with no account opened the terms directly', async () => {
    const { user } = renderTerms(['/terms']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});
