/** The Stellar Asset Contract built into the host (`builtin_contracts/stellar_asset_contract`). */
export { callStellarAssetContract, SAC_FUNCTIONS } from './contract.js';
export { assetContractIdPreimage, initializeAssetContract } from './deploy.js';
