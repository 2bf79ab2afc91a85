import {
	SMARTSUITE_SERVICE,
	SPEC_SERVICE,
	webhooksAddress,
	webhooksPath,
	webhooksService,
} from '../../nodes/SmartSuite/shared/webhooksRoute';

describe('webhooks service name', () => {
	it.each([
		'https://webhooks.smartsuite.com',
		'https://webhooks.smartsuite.com/',
		'http://webhooks.smartsuite.com:8080',
		'https://WEBHOOKS.SmartSuite.com',
		'https://webhooks.smartsuite.com./',
		' https://webhooks.smartsuite.com ',
	])("is SmartSuite's own on its host: %s", (webhooksUrl) => {
		expect(webhooksService({ webhooksUrl })).toBe(SMARTSUITE_SERVICE);
		expect(webhooksService({ webhooksUrl, webhooksService: '' })).toBe(SMARTSUITE_SERVICE);
		expect(webhooksService({ webhooksUrl, webhooksService: '  ' })).toBe(SMARTSUITE_SERVICE);
	});

	it.each([
		'http://127.0.0.1:4010',
		'https://proxy.example.com/smartsuite',
		'https://webhooks.smartsuite.com.example.com',
		'https://smartsuite.com',
		'https://app.smartsuite.com',
		'https://evil.example/webhooks.smartsuite.com',
		'not a url',
		'',
	])("is the spec's on any other host: %s", (webhooksUrl) => {
		expect(webhooksService({ webhooksUrl })).toBe(SPEC_SERVICE);
	});

	it('follows the override whatever the host, without stray slashes or spaces', () => {
		expect(
			webhooksService({
				webhooksUrl: 'http://127.0.0.1:4010',
				webhooksService: SMARTSUITE_SERVICE,
			}),
		).toBe(SMARTSUITE_SERVICE);
		expect(
			webhooksService({
				webhooksUrl: 'https://webhooks.smartsuite.com',
				webhooksService: ` /${SPEC_SERVICE}/ `,
			}),
		).toBe(SPEC_SERVICE);
	});

	it('builds the path and the full address of a method', () => {
		expect(webhooksPath({ webhooksUrl: 'http://127.0.0.1:4010' }, 'ListEvents')).toBe(
			'/service.webhooks.engine.Webhooks/ListEvents',
		);
		expect(
			webhooksAddress({ webhooksUrl: 'https://webhooks.smartsuite.com//' }, 'GetWebhook'),
		).toMatchObject({
			baseUrl: 'https://webhooks.smartsuite.com',
			path: '/smartsuite.webhooks.engine.Webhooks/GetWebhook',
		});
		expect(
			webhooksAddress(
				{ webhooksUrl: 'https://proxy.example.com/ss/', webhooksService: SMARTSUITE_SERVICE },
				'DeleteWebhook',
			),
		).toMatchObject({
			baseUrl: 'https://proxy.example.com/ss',
			path: '/smartsuite.webhooks.engine.Webhooks/DeleteWebhook',
		});
	});
});
