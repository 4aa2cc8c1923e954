import { MeasurementsPage } from './measurements-page';

/** The Lab Results page (issue 35). */
export default function LabResultsPage() {
  return <MeasurementsPage kind="laboratory" />;
}
