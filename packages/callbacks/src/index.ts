// The generated contract layer, and the hand-written behaviour beside it.

export {
  type AssetConfig,
  type ConfiguredAsset,
  DEFAULT_SIGNIFICANT_DECIMALS,
  defaultAssetConfig,
  isWellFormedAssetId,
  parseAssetConfig,
  significantDecimals,
} from './asset-config.js';
export * from './generated/index.js';
export {
  RATE_RULES,
  type Rate,
  type RateFee,
  type RateFeeDetail,
  type RateRequest,
  type RateResponse,
  type RateValidationResult,
  type RateViolation,
  type RuleId,
  rateErrorMessage,
  type ValidateRateInput,
  validateRateResponse,
} from './rate-rules.js';
