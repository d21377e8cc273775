import { describe, expect, it } from 'vitest';
import { appointmentPagePath, forgotPasswordPagePath, messagePreferencesPagePath, passwordResetPagePath, signInLinkPagePath, signInLinkRequestPagePath } from '@repo/contracts';
import { paths, withAccess } from '../paths.ts';

describe('portal paths', () => {
  it('builds appointment addresses as the contracts do, and the router pattern matches them', () => {
    for (const id of [1, 12, 987654]) expect(paths.appointment(id)).toBe(appointmentPagePath(id));
    expect(paths.appointmentRoute.replace(':id', '12')).toBe(appointmentPagePath(12));
  });

  it('names the password reset pages as the contracts (and so the emailed link) do', () => {
    expect(paths.forgotPassword).toBe(forgotPasswordPagePath);
    expect(paths.resetPassword).toBe(passwordResetPagePath);
  });

  it('names the sign-in link pages as the contracts (and so the emailed link) do', () => {
    expect(paths.emailSignIn).toBe(signInLinkRequestPagePath);
    expect(paths.signInLink).toBe(signInLinkPagePath);
  });

  it('names the message preferences page as the contracts (and so every optional email’s link) do', () => {
    expect(paths.messagePreferences).toBe(messagePreferencesPagePath);
  });

  it('names the tracking page by its query, and puts a link token in the fragment', () => {
    expect(paths.technicianTracking(12)).toBe('/technician-tracking?appointment=12');
    expect(paths.technicianTracking(12).startsWith(`${paths.technicianTrackingRoute}?`)).toBe(true);
    expect(withAccess(paths.technicianTracking(12), 'a/b+c')).toBe('/technician-tracking?appointment=12#access=a%2Fb%2Bc');
  });
});
