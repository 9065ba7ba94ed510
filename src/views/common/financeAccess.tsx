// The §6 guards of the money screens, on the browser side (the server refuses the same requests):
// employees and guards go to the employee panel; those the financial reports guard refuses, or who lack the
// screen's own permission, go to the communication area with the without-permission flag.
import type { ReactElement } from 'react';
import { Redirect } from 'wouter';
import { canOpenReport, canSeeAccountStatement, canSeeAllStatements, financialReportsAccess } from '../../api/permissions';
import type { SessionData } from '../../api/sessions';
import { SessionContext } from './SessionContext';

/** Where a refused user goes (paths relative to /condominio). */
export const EMPLOYEE_PANEL = '/panel-del-empleado';
export const WITHOUT_PERMISSION = '/comunicacion?sinPermiso=1';

export function useSessionData(): SessionData | null {
  return SessionContext.useSelector((s) => s.context.data ?? null);
}

export type FinanceRule =
  | { kind: 'reports' }
  | { kind: 'report'; clave: string }
  | { kind: 'allStatements' }
  | { kind: 'statements' };

/** Where the rule sends this user, or null when they may stay. */
export function refusalFor(data: SessionData, rule: FinanceRule): string | null {
  if (rule.kind === 'allStatements') return canSeeAllStatements(data) ? null : WITHOUT_PERMISSION;
  // 'Estado de cuenta' is the menu's rule; which dwellings are offered is the server's (own, or all for staff).
  if (rule.kind === 'statements') return canSeeAllStatements(data) || canSeeAccountStatement(data) ? null : WITHOUT_PERMISSION;
  const access = financialReportsAccess(data);
  if (access === 'employeePanel') return EMPLOYEE_PANEL;
  if (access === 'communication') return WITHOUT_PERMISSION;
  if (rule.kind === 'report' && !canOpenReport(data, rule.clave)) return WITHOUT_PERMISSION;
  return null;
}

export function FinanceGate({ rule, children }: { rule: FinanceRule; children: ReactElement }) {
  const data = useSessionData();
  if (!data) return null;
  const refusal = refusalFor(data, rule);
  return refusal ? <Redirect to={refusal} replace /> : children;
}
