import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { ui } from '@repo/contracts';
import { business, telHref, workOrderFormUrl } from '../../../../config/business.ts';
import { paths } from '../../../../config/paths.ts';
import { ExternalLink } from '../../../../components/external-link.tsx';
import { PhoneIcon } from '../../../../components/icons.tsx';

/**
 * - waiting: prerendered, before hydration and without JavaScript (the provider's form needs scripts anyway), or not
 *   yet near the screen: a link to the form instead of an empty box.
 * - loading: the frame is loading; a note says so over it.
 * - loaded: the frame answered.
 * - unavailable: offline, or no answer within the time limit: the box says so and offers booking and the phone.
 *
 * A browser does not tell a page whether a frame of another site loaded or showed its own error page, so the site's
 * booking and phone stand beside the form in every state.
 */
type FormState = 'waiting' | 'loading' | 'loaded' | 'unavailable';

/** Calls `near` once the element comes within 400 px of the screen (at once where the browser cannot tell). */
function whenNear(element: Element, near: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    const timer = window.setTimeout(near, 0);
    return () => window.clearTimeout(timer);
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      near();
    },
    { rootMargin: '400px 0px' },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

function useWorkOrderFormState(box: RefObject<HTMLDivElement | null>) {
  const [state, setState] = useState<FormState>('waiting');

  // Loads only once the visitor nears the form, as a lazy frame would; the time limit starts then.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    return whenNear(element, () => setState((current) => (current !== 'waiting' ? current : navigator.onLine ? 'loading' : 'unavailable')));
  }, [box]);

  useEffect(() => {
    if (state !== 'loading') return;
    const timer = window.setTimeout(() => setState('unavailable'), ui.embeddedFormTimeoutMs);
    const offline = () => setState('unavailable');
    window.addEventListener('offline', offline);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('offline', offline);
    };
  }, [state]);

  return { state, onLoad: () => setState((current) => (current === 'loading' ? 'loaded' : current)) };
}

/** The site's own ways to ask for service: always offered beside the provider's form. */
function BookOrCall({ prominent }: { prominent: boolean }) {
  return (
    <div className={prominent ? 'work-order__fallback work-order__fallback--prominent' : 'work-order__fallback'}>
      <p>
        <strong>Fastest:</strong> book a time online in a minute, or call and talk to us now.
      </p>
      <div className="button-row">
        <Link to={paths.bookAppointment} className="btn btn--primary">
          Book Online
        </Link>
        <a href={telHref} className="btn btn--outline">
          <PhoneIcon size={18} />
          Call {business.phoneDisplay}
        </a>
      </div>
    </div>
  );
}

/** The field-service provider's work-order request form (740 px high), with the site's booking and phone beside it. */
export function WorkOrderForm() {
  const box = useRef<HTMLDivElement>(null);
  const { state, onLoad } = useWorkOrderFormState(box);
  const unavailable = state === 'unavailable';
  const formUrl = workOrderFormUrl();

  return (
    <div className="work-order">
      <h3>Service Request Form</h3>
      <BookOrCall prominent={unavailable} />
      <div ref={box} className="work-order__box" data-state={state} style={{ minHeight: state === 'loading' || state === 'loaded' ? ui.embeddedFormHeightPx : undefined }}>
        {state === 'loading' || state === 'loaded' ? (
          <iframe
            title="Service request form"
            src={formUrl}
            height={ui.embeddedFormHeightPx}
            sandbox="allow-forms allow-scripts allow-same-origin allow-modals allow-top-navigation"
            onLoad={onLoad}
          />
        ) : null}
        {state === 'loading' ? (
          <p className="work-order__note" role="status">
            Loading the request form…
          </p>
        ) : null}
        {state === 'waiting' ? (
          <p className="work-order__note">
            Our request form opens here.{' '}
            <ExternalLink href={formUrl}>Open the service request form</ExternalLink>
          </p>
        ) : null}
        {unavailable ? (
          <div className="work-order__unavailable" role="status">
            <p>
              <strong>The online request form is not available right now.</strong> Book online or call{' '}
              <a href={telHref}>{business.phoneDisplay}</a> and we will set up your visit.
            </p>
            <ExternalLink href={formUrl}>Try the request form in a new tab</ExternalLink>
          </div>
        ) : null}
      </div>
    </div>
  );
}
