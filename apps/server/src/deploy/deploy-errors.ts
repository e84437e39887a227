import { BaseError, ContractFunctionRevertedError, HttpRequestError, TimeoutError } from 'viem';
import type { DeployStep } from './steps.ts';

/** Longest cause quoted to the user; the full error goes to the log. */
const MAX_CAUSE_LENGTH = 160;

/** Why a step failed, in words a person can act on. */
export function describeCause(error: unknown): string {
  if (error instanceof BaseError) {
    if (error.walk((inner) => inner instanceof HttpRequestError || inner instanceof TimeoutError)) {
      return 'the chain is not reachable right now';
    }
    const revert = error.walk((inner) => inner instanceof ContractFunctionRevertedError);
    if (revert instanceof ContractFunctionRevertedError && revert.data?.errorName) {
      const name = revert.data.errorName;
      if (/InsufficientBalance|InsufficientAllowance/.test(name)) {
        return 'the operator wallet does not have enough USDC to pay for the first battery';
      }
      return `the contract refused it (${name})`;
    }
    if (/insufficient funds/i.test(error.message)) return 'the operator wallet does not have enough ETH for gas';
    return truncate(error.shortMessage);
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/ECONNREFUSED|fetch failed|ETIMEDOUT|ENOTFOUND/.test(message))
    return 'a service it needs is not reachable right now';
  return truncate(message);
}

function truncate(text: string): string {
  const firstLine = text.split('\n')[0]!.trim();
  return firstLine.length > MAX_CAUSE_LENGTH ? `${firstLine.slice(0, MAX_CAUSE_LENGTH - 1)}…` : firstLine;
}

/** The deploy answer's metadata.errorType for a failed step, e.g. "first_battery_failed". */
export function stepErrorType(step: DeployStep): string {
  return `${step.name.replaceAll('-', '_')}_failed`;
}

/** What the user is told when a step fails; the retry promise holds because steps are idempotent. */
export function stepErrorText(step: DeployStep, cause: string): string {
  return `Could not ${step.failure}: ${cause}. Press Deploy to try again; the steps already done are kept.`;
}
