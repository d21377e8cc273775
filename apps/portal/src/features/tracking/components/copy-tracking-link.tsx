import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { showToast } from '@repo/ui';
import { appointmentDetailsQuery } from '@repo/ui/api';
import { UnavailableAction } from '../../../components/unavailable-action.tsx';
import { paths, withAccess } from '../../../config/paths.ts';
import { linkScopeOf } from '../../../lib/appointment-access.ts';

/**
 * The track-only link of this appointment: it opens this page and nothing else. A track link's holder shares the
 * token they came with; the owner or a manage link's holder gets the appointment's track token from its details
 * (a manage token is never put in a shared link).
 */
function useTrackLink(appointmentId: number, accessToken: string | undefined): { link: string | undefined; pending: boolean } {
  const heldTrackToken = accessToken !== undefined && linkScopeOf(accessToken) === 'track' ? accessToken : undefined;
  const details = useQuery({ ...appointmentDetailsQuery(appointmentId, accessToken), enabled: heldTrackToken === undefined });
  const token = heldTrackToken ?? details.data?.trackToken;
  const link = token ? withAccess(`${window.location.origin}${paths.technicianTracking(appointmentId)}`, token) : undefined;
  return { link, pending: heldTrackToken === undefined && details.isPending };
}

async function copy(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    showToast({ title: 'Tracking Link Copied', description: "Whoever has this link can follow the technician's arrival for this appointment, and nothing else." });
  } catch {
    showToast({ title: 'Copy Failed', description: `Your browser did not allow copying. The tracking link is ${link}`, variant: 'destructive' });
  }
}

/** Copy tracking link: copies the appointment's track-only link (it shares a link, not the customer's location), and a toast says it was copied. */
export function CopyTrackingLink({ appointmentId, accessToken }: { appointmentId: number; accessToken: string | undefined }) {
  const { link, pending } = useTrackLink(appointmentId, accessToken);
  if (link) {
    return (
      <Button variant="light" onClick={() => void copy(link)} fullWidth>
        Copy tracking link
      </Button>
    );
  }
  return (
    <UnavailableAction
      label="Copy tracking link"
      id="copy-tracking-link-reason"
      reason={pending ? 'Preparing the tracking link...' : 'The tracking link is not available right now.'}
    />
  );
}
