import { Activity, CalendarDays, FileText, FlaskConical, HeartPulse, LayoutDashboard, MessageCircle, Pill, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';
import { paths } from '../app/paths';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

/**
 * The seven sidebar entries of part 1 §2 (docs/product.md#part-1-2), and Medications (issue 32), Vitals and Lab Results
 * (issue 35) between Medical Records and Insurance; the assistant entry is labelled "What's Good?" (part 2 §2 (docs/product.md#part-2-2)).
 */
export const navItems: readonly NavItem[] = [
  { label: 'Dashboard', href: paths.dashboard, icon: LayoutDashboard },
  { label: 'Medical Records', href: paths.records, icon: FileText },
  { label: 'Medications', href: paths.medications, icon: Pill },
  { label: 'Vitals', href: paths.vitals, icon: Activity },
  { label: 'Lab Results', href: paths.labResults, icon: FlaskConical },
  { label: 'Insurance', href: paths.insurance, icon: ShieldCheck },
  { label: 'Preventative Care', href: paths.preventative, icon: HeartPulse },
  { label: 'Appointments', href: paths.appointments, icon: CalendarDays },
  { label: "What's Good?", href: paths.workflowChat, icon: MessageCircle },
  { label: 'My Profile', href: paths.profile, icon: UserRound },
];

export function isActive(href: string, location: string): boolean {
  return href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`);
}
