// Plan-check banner (spec part 1 §2, §6; part 2 §2): when api/checkplan answers 424 the
// subscription warning links to /plan.
import { Link } from 'react-router-dom';
import { MSG } from '@shared/messages/acces';
import { planRefusal, usePlanValid } from '../api/check-plan';

export function PlanBanner() {
  const refused = planRefusal(usePlanValid().data);
  if (refused === null) return null;
  return (
    <div className="alert alert-warning plan-banner" role="alert">
      <Link to="/plan">{refused || MSG.noSubscription}</Link>
    </div>
  );
}
