import { PlanInputs } from './PlanInputs';
import { RecordCreate } from '@/records/RecordCreate';

/** /admin-panel/tiffin-plan/add */
export function PlanCreate() {
  return (
    <RecordCreate
      resource="plans"
      title="app.plans.add_title"
      backTo="/tiffin-plans/1"
      failureMessage="app.plans.add_failed"
    >
      <PlanInputs />
    </RecordCreate>
  );
}
