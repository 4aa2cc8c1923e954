import { MeasurementsPage } from './measurements-page';

/** The Vitals page (issue 35). */
export default function VitalsPage() {
  return <MeasurementsPage kind="vital-sign" />;
}
